//===- plugin/early/SpawnedBlocks.cpp - the no-op call a spawned block starts with ===//
#include "SpawnedBlocks.h"
#include "Markers.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sprig {

bool defineSpawnBlockEntry(Module &M) {
  Function *F = M.getFunction(markers::SpawnBlock);
  if (!F || !F->isDeclaration())
    return false;
  F->setLinkage(GlobalValue::InternalLinkage);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::AlwaysInline);
  F->addFnAttr(Attribute::WillReturn);
  ReturnInst::Create(M.getContext(), BasicBlock::Create(M.getContext(), "", F));
  return true;
}

}  // namespace sprig
