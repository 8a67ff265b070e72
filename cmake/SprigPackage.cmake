# find_package(Sprig) support: the imported target sprig::sprig adds the plugin flag, the
# include path and links the runtime, so a CMake user needs no driver:
#   find_package(Sprig REQUIRED)
#   target_link_libraries(app PRIVATE sprig::sprig)   # with CMAKE_CXX_COMPILER=clang++-22
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/SprigConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)

# Build tree: build/SprigConfig.cmake (find_package(Sprig PATHS <build>)).
set(SPRIG_CONFIG_PLUGIN $<TARGET_FILE:SprigFrontend>)
set(SPRIG_CONFIG_RUNTIME $<TARGET_FILE:sprig>)
set(SPRIG_CONFIG_INCDIR ${PROJECT_SOURCE_DIR}/include)
configure_file(${PROJECT_SOURCE_DIR}/cmake/SprigConfig.cmake.in
               ${PROJECT_BINARY_DIR}/SprigConfig.cmake.gen @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/SprigConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/SprigConfig.cmake.gen)

# Installed: <prefix>/lib/cmake/Sprig/SprigConfig.cmake.
set(SPRIG_CONFIG_PLUGIN ${CMAKE_INSTALL_FULL_LIBDIR}/sprig/SprigFrontend.so)
set(SPRIG_CONFIG_RUNTIME ${CMAKE_INSTALL_FULL_LIBDIR}/libsprig.so)
set(SPRIG_CONFIG_INCDIR ${CMAKE_INSTALL_FULL_INCLUDEDIR})
configure_file(${PROJECT_SOURCE_DIR}/cmake/SprigConfig.cmake.in
               ${PROJECT_BINARY_DIR}/install/SprigConfig.cmake @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/SprigConfig.cmake
              ${PROJECT_BINARY_DIR}/SprigConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Sprig)
