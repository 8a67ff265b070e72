//===- plugin/early/Reducers.cpp - reducer views: strand-pure calls ---------===//
//
// See Reducers.h; the runtime's side is runtime/reducer.cpp.
//===----------------------------------------------------------------------===//
#include "Reducers.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace sprig {

static constexpr const char *ViewFn = ReducerViewFn;
static constexpr const char *LookupFn = ReducerLookupFn;

namespace {
struct ReducerVar {
  Value *Key;          // the global or the alloca
  Type *Ty;            // its value type
  Constant *Id, *Red;  // the identity and reduce functions
  CallInst *Annot;     // a local's llvm.var.annotation call (null for a global)
};

// The annotation's string is "sprig.reducer" and its arguments are two functions.
bool reducerArgs(Value *Str, Value *Args, Constant *&Id, Constant *&Red) {
  auto *SG = dyn_cast<GlobalVariable>(Str->stripPointerCasts());
  auto *CDA = SG && SG->hasInitializer() ? dyn_cast<ConstantDataArray>(SG->getInitializer())
                                         : nullptr;
  if (!CDA || !CDA->isCString() || CDA->getAsCString() != "sprig.reducer")
    return false;
  auto *AG = dyn_cast<GlobalVariable>(Args->stripPointerCasts());
  auto *CS =
      AG && AG->hasInitializer() ? dyn_cast<ConstantStruct>(AG->getInitializer()) : nullptr;
  // (A malformed pair is the frontend's bug: the caller reports it.)
  Id = Red = nullptr;
  if (CS && CS->getNumOperands() == 2 && isa<Function>(CS->getOperand(0)) &&
      isa<Function>(CS->getOperand(1))) {
    Id = CS->getOperand(0);
    Red = CS->getOperand(1);
  }
  return true;
}
// A constant used by nothing but the annotation table (or by nothing at all).
bool onlyInAnnotations(User *U) {
  if (auto *G = dyn_cast<GlobalVariable>(U))
    return G->getName() == "llvm.global.annotations";
  if (!isa<Constant>(U))
    return false;
  return all_of(U->users(), [](User *UU) { return onlyInAnnotations(UU); });
}
}  // namespace

bool rewriteReducerVariables(Module &M) {
  SmallVector<ReducerVar, 8> Vars;
  if (GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations"))
    if (auto *CA = dyn_cast_or_null<ConstantArray>(GA->getInitializer()))
      for (Value *Op : CA->operands()) {
        auto *E = dyn_cast<ConstantStruct>(Op);
        if (!E || E->getNumOperands() < 5)
          continue;
        auto *GV = dyn_cast<GlobalVariable>(E->getOperand(0)->stripPointerCasts());
        Constant *Id, *Red;
        if (GV && reducerArgs(E->getOperand(1), E->getOperand(4), Id, Red))
          Vars.push_back({GV, GV->getValueType(), Id, Red, nullptr});
      }
  for (Function &F : M)
    if (F.isIntrinsic() && F.getIntrinsicID() == Intrinsic::var_annotation)
      for (User *U : F.users())
        if (auto *CI = dyn_cast<CallInst>(U)) {
          auto *AI = dyn_cast<AllocaInst>(CI->getArgOperand(0)->stripPointerCasts());
          Constant *Id, *Red;
          if (AI && reducerArgs(CI->getArgOperand(1), CI->getArgOperand(4), Id, Red))
            Vars.push_back({AI, AI->getAllocatedType(), Id, Red, CI});
        }
  if (Vars.empty())
    return false;
  for (ReducerVar &RV : Vars)
    if (!RV.Id) {
      M.getContext().diagnose(DiagnosticInfoGeneric(
          "sprig: internal error: reducer variable '" + RV.Key->getName() +
          "' has no identity and reduce functions in its annotation"));
      return true;
    }

  LLVMContext &C = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  PointerType *PtrTy = PointerType::getUnqual(C);
  Type *SizeTy = DL.getIntPtrType(C);
  FunctionCallee View = M.getOrInsertFunction(
      ViewFn, FunctionType::get(PtrTy, {PtrTy, SizeTy, SizeTy, PtrTy, PtrTy}, false));
  FunctionCallee Register = M.getOrInsertFunction(
      "__sprig_reducer_register",
      FunctionType::get(Type::getVoidTy(C), {PtrTy, SizeTy, SizeTy, PtrTy, PtrTy}, false));
  for (ReducerVar &RV : Vars) {
    Value *Size = ConstantInt::get(SizeTy, DL.getTypeAllocSize(RV.Ty));
    Value *Align = ConstantInt::get(SizeTy, DL.getABITypeAlign(RV.Ty).value());
    Value *Args[] = {RV.Key, Size, Align, RV.Id, RV.Red};
    auto *GV = dyn_cast<GlobalVariable>(RV.Key);
    if (GV) {
      // Uses inside constant expressions (a field's address) become instructions.
      convertUsersOfConstantsToInstructions({GV});
    }
    // Every use of the address, but the annotations', the lifetime markers' and the
    // registration's: the strand's view, computed where it is used.
    SmallVector<Use *, 16> Uses;
    for (Use &U : RV.Key->uses())
      Uses.push_back(&U);
    for (Use *U : Uses) {
      auto *I = dyn_cast<Instruction>(U->getUser());
      if (!I) {
        // A constant: the annotation table's entry, a dead constant, or another global's
        // initializer.
        if (onlyInAnnotations(U->getUser()))
          continue;
        C.diagnose(DiagnosticInfoGeneric(
            "sprig: the address of reducer variable '" + RV.Key->getName() +
            "' is taken in a static initializer; it names one strand's view, so keep no "
            "pointer to it outside a function"));
        return true;
      }
      if (I == RV.Annot || I->isLifetimeStartOrEnd())
        continue;
      Instruction *At = I;
      if (auto *Phi = dyn_cast<PHINode>(I))
        At = Phi->getIncomingBlock(*U)->getTerminator();
      IRBuilder<> B(At);
      CallInst *V = B.CreateCall(View, Args);
      V->setDebugLoc(I->getDebugLoc());
      U->set(V);
    }
    if (RV.Annot) {
      // A local: its own storage is its view in the strand that declares it.
      IRBuilder<> B(RV.Annot);
      B.CreateCall(Register, Args)->setDebugLoc(RV.Annot->getDebugLoc());
      RV.Annot->eraseFromParent();
    }
  }
  return true;
}

bool noteReducerModule(Module &M) {
  static constexpr const char *Entries[] = {ViewFn, LookupFn, "__sprig_reducer_register",
                                            "__sprig_reducer_unregister",
                                            "__sprig_reducer_scope_end"};
  if (M.getFunction("sprig.reducers.used") ||
      none_of(Entries, [&](const char *N) { return M.getFunction(N) != nullptr; }))
    return false;
  LLVMContext &C = M.getContext();
  Type *VoidTy = Type::getVoidTy(C);
  Function *Ctor = Function::Create(FunctionType::get(VoidTy, false),
                                    GlobalValue::InternalLinkage, "sprig.reducers.used", M);
  Ctor->addFnAttr(Attribute::NoUnwind);
  FunctionCallee Used = M.getOrInsertFunction("__sprig_reducers_used", VoidTy);
  if (auto *Fn = dyn_cast<Function>(Used.getCallee()))
    Fn->setDoesNotThrow();
  IRBuilder<> B(BasicBlock::Create(C, "entry", Ctor));
  B.CreateCall(Used);
  B.CreateRetVoid();
  // Before the program's own constructors (101: the first priority a program may use),
  // which may already spawn.
  appendToGlobalCtors(M, Ctor, /*Priority=*/101);
  return true;
}

bool markReducerLookups(Module &M) {
  Function *F = M.getFunction(ViewFn);
  if (!F || !F->isDeclaration())
    return false;
  F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Ref));
  F->setDoesNotThrow();
  F->setWillReturn();
  F->setNoSync();
  return true;
}

}  // namespace sprig
