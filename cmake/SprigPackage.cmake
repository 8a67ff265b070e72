# find_package(Sprig) support: the imported target sprig::sprig adds the plugin flag, the
# include path and links the runtime with clang++-22, and gives the serial elision with
# any other compiler (cmake/SprigConfigBody.cmake), so a CMake user needs no driver:
#   find_package(Sprig REQUIRED)
#   target_link_libraries(app PRIVATE sprig::sprig)
# Relocatable when installed: the runtime comes from install(EXPORT) (sprig::runtime),
# the rest from paths relative to the config file (configure_package_config_file).
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/SprigConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
set(SPRIG_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Sprig)

# Build tree: build/SprigConfig.cmake (find_package(Sprig PATHS <build>)).
export(EXPORT SprigTargets NAMESPACE sprig:: FILE ${PROJECT_BINARY_DIR}/SprigTargets.cmake)
configure_file(${PROJECT_SOURCE_DIR}/cmake/SprigConfig.cmake.in
               ${PROJECT_BINARY_DIR}/SprigConfig.cmake.gen @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/SprigConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/SprigConfig.cmake.gen)

# Installed: <prefix>/<libdir>/cmake/Sprig/.
set(SPRIG_INSTALL_INCDIR ${CMAKE_INSTALL_INCLUDEDIR})
set(SPRIG_INSTALL_PLUGIN ${CMAKE_INSTALL_LIBDIR}/sprig/SprigFrontend.so)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/SprigConfigInstalled.cmake.in
  ${PROJECT_BINARY_DIR}/install/SprigConfig.cmake
  INSTALL_DESTINATION ${SPRIG_CMAKE_INSTALL_DIR}
  PATH_VARS SPRIG_INSTALL_INCDIR SPRIG_INSTALL_PLUGIN)
install(EXPORT SprigTargets NAMESPACE sprig:: DESTINATION ${SPRIG_CMAKE_INSTALL_DIR})
install(FILES ${PROJECT_BINARY_DIR}/install/SprigConfig.cmake
              ${PROJECT_BINARY_DIR}/SprigConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/SprigConfigBody.cmake
        DESTINATION ${SPRIG_CMAKE_INSTALL_DIR})

# A Debian package of the installed tree: `make package` (cpack -G DEB). It installs
# under /usr and, being relocatable, also works extracted anywhere (dpkg-deb -x).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sprig)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Cilk-style fork-join parallelism for C++ on a stock clang (plugin + runtime)")
set(CPACK_PACKAGE_CONTACT "Sprig developers <sprig@invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# sprig++ drives clang++-22; the plugins and sprig-port need LLVM's and clang's shared
# libraries; the sanitizer runtimes need clang's.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-22, libclang-cpp22, libllvm22, libclang-rt-22-dev")
# sprig-scale (the profiler's runner and plotter) is a Python script that plots with gnuplot.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, gnuplot-nox")
include(CPack)
