// Layout test input: nothing but the keywords may change.
/* cilk_spawn f(); cilk_sync; */
#include <cilk/cilk.h>   	// trailing

const char *s = "cilk_spawn g(); cilk_for";
const char *r = R"(x = cilk_spawn f();)";

void g(int);
void f() {
	cilk_spawn   g(1);	// a tab before, blanks after the keyword
  int  y   =   cilk_spawn  /* spawn it */ g(2) ;   
  cilk_sync ;
  cilk_for(int i=0;i<3;i++){g(i);}
}
