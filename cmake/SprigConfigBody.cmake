# The body of SprigConfig.cmake, shared by the build tree's and the installed one (each
# sets _sprig_incdir and _sprig_plugin, and has imported sprig::runtime, first).
#
# sprig::sprig gives the parallel build with clang++ 22 (the plugin, Sprig's headers,
# the runtime) and the serial elision with any other C++ compiler (Sprig's headers, the
# attribute warnings off, no plugin and no runtime): the README's promise that any
# compiler builds the program, serially. Sprig_PARALLEL says which.
if(NOT TARGET sprig::sprig)
  add_library(sprig::sprig INTERFACE IMPORTED)
  set_target_properties(sprig::sprig PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_sprig_incdir}")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND
     CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 22 AND
     CMAKE_CXX_COMPILER_VERSION VERSION_LESS 23)
    find_package(Threads REQUIRED)
    # -fstack-clash-protection: as sprig++ (a stack overflow always hits a fiber's guard).
    set_target_properties(sprig::sprig PROPERTIES
      INTERFACE_COMPILE_OPTIONS "-fplugin=${_sprig_plugin};-fstack-clash-protection"
      INTERFACE_LINK_LIBRARIES "sprig::runtime;Threads::Threads")
    set(Sprig_PARALLEL TRUE)
    message(STATUS "Sprig ${Sprig_VERSION}: parallel build (${CMAKE_CXX_COMPILER_ID} "
                   "${CMAKE_CXX_COMPILER_VERSION} with the Sprig plugin)")
  else()
    # The attributes are unknown to this compiler: quiet them (docs in README.md).
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      set(_sprig_quiet -Wno-unknown-attributes)
    elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      set(_sprig_quiet -Wno-attributes)
    else()
      set(_sprig_quiet "")
    endif()
    set_target_properties(sprig::sprig PROPERTIES
      INTERFACE_COMPILE_OPTIONS "${_sprig_quiet}")
    set(Sprig_PARALLEL FALSE)
    message(STATUS "Sprig ${Sprig_VERSION}: serial elision: ${CMAKE_CXX_COMPILER_ID} "
                   "${CMAKE_CXX_COMPILER_VERSION} cannot load the Sprig plugin (it needs "
                   "clang++-22), so the program builds and runs serially")
  endif()
endif()
set(Sprig_FOUND TRUE)
