// Brought in with -include by predefine-before-include.cpp: the plugin's macros must be
// defined before the -include lines are read.
#ifndef __SPRIG__
#error "__SPRIG__ is not defined in a header given with -include"
#endif
#if defined(SPRIG_EXPECT_SCALE) && !defined(__SPRIG_SCALE__)
#error "__SPRIG_SCALE__ is not defined in a header given with -include"
#endif
#if defined(SPRIG_EXPECT_RACE) && !defined(__SPRIG_RACE__)
#error "__SPRIG_RACE__ is not defined in a header given with -include"
#endif
