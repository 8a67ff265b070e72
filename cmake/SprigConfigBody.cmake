# The body of SprigConfig.cmake, shared by the build tree's and the installed one (each
# sets _sprig_incdir and _sprig_plugin, and has imported sprig::runtime, first).
#
# sprig::sprig gives the parallel build with clang 22 (the plugin, Sprig's headers, the
# runtime) and the serial elision with any other compiler (Sprig's headers, the
# attribute warnings off, no plugin and no runtime): the README's promise that any
# compiler builds the program, serially. Decided for each enabled language, C++ and C
# (whose compilers a project may choose apart): the options apply to that language's
# sources only ($<COMPILE_LANGUAGE:...>), one status line each. Sprig_PARALLEL_CXX and
# Sprig_PARALLEL_C say which; Sprig_PARALLEL is C++'s (C's in a C-only project).
if(NOT TARGET sprig::sprig)
  add_library(sprig::sprig INTERFACE IMPORTED)
  set_target_properties(sprig::sprig PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_sprig_incdir}")
  get_property(_sprig_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(_sprig_options "")
  set(_sprig_any_parallel FALSE)
  foreach(_sprig_lang CXX C)
    if(NOT _sprig_lang IN_LIST _sprig_langs)
      continue()
    endif()
    set(_sprig_id "${CMAKE_${_sprig_lang}_COMPILER_ID}")
    set(_sprig_version "${CMAKE_${_sprig_lang}_COMPILER_VERSION}")
    if(_sprig_lang STREQUAL "C")
      set(_sprig_what "C: ")
      set(_sprig_needs "clang-22")
    else()
      set(_sprig_what "")
      set(_sprig_needs "clang++-22")
    endif()
    set(_sprig_only "$<COMPILE_LANGUAGE:${_sprig_lang}>")
    if(_sprig_id STREQUAL "Clang" AND _sprig_version VERSION_GREATER_EQUAL 22 AND
       _sprig_version VERSION_LESS 23)
      # -fstack-clash-protection: as sprig++ (a stack overflow always hits a fiber's guard).
      list(APPEND _sprig_options "$<${_sprig_only}:-fplugin=${_sprig_plugin}>"
                                 "$<${_sprig_only}:-fstack-clash-protection>")
      set(Sprig_PARALLEL_${_sprig_lang} TRUE)
      set(_sprig_any_parallel TRUE)
      message(STATUS "Sprig ${Sprig_VERSION}: ${_sprig_what}parallel build (${_sprig_id} "
                     "${_sprig_version} with the Sprig plugin)")
    else()
      # The attributes are unknown to this compiler: quiet them (docs in README.md).
      if(_sprig_id MATCHES "Clang")
        list(APPEND _sprig_options "$<${_sprig_only}:-Wno-unknown-attributes>")
      elseif(_sprig_id STREQUAL "GNU")
        list(APPEND _sprig_options "$<${_sprig_only}:-Wno-attributes>")
      endif()
      set(Sprig_PARALLEL_${_sprig_lang} FALSE)
      message(STATUS "Sprig ${Sprig_VERSION}: ${_sprig_what}serial elision: ${_sprig_id} "
                     "${_sprig_version} cannot load the Sprig plugin (it needs "
                     "${_sprig_needs}), so the program builds and runs serially")
    endif()
  endforeach()
  set_target_properties(sprig::sprig PROPERTIES INTERFACE_COMPILE_OPTIONS "${_sprig_options}")
  if(_sprig_any_parallel)
    find_package(Threads REQUIRED)
    set_target_properties(sprig::sprig PROPERTIES
      INTERFACE_LINK_LIBRARIES "sprig::runtime;Threads::Threads")
  endif()
  if(DEFINED Sprig_PARALLEL_CXX)
    set(Sprig_PARALLEL ${Sprig_PARALLEL_CXX})
  else()
    set(Sprig_PARALLEL ${Sprig_PARALLEL_C})
  endif()
endif()
set(Sprig_FOUND TRUE)
