// Layout test input: nothing but the keywords may change.
/* cilk_spawn f(); cilk_sync; */
#include <sprig/sprig.h>   	// trailing

const char *s = "cilk_spawn g(); cilk_for";
const char *r = R"(x = cilk_spawn f();)";

void g(int);
void f() {
	[[sprig::spawn]]   g(1);	// a tab before, blanks after the keyword
  [[sprig::spawn]] int  y   =   /* spawn it */ g(2) ;   
  [[sprig::sync]] ;
  [[sprig::parallel_for]] for(int i=0;i<3;i++){g(i);}
}
