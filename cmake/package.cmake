# The Debian package (CPack DEB): `make package`, or `cpack -G DEB` in a build folder, gives
# bitsolve_<version>_<arch>.deb with the tool, the headers, the static libraries, the CMake and
# pkg-config files and the Python module, under /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bitsolve)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The bitsolve authors")
set(CPACK_PACKAGE_CONTACT "The bitsolve authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact solvers for sliding-tile puzzles, Rush Hour and N-Queens")
set(CPACK_PACKAGE_DESCRIPTION
    "The bitsolve tool, its C++20 library (headers, static libraries, CMake package, pkg-config file) and the Python module.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Debian 12's run-time libraries; the -dev packages are what C++ consumers need to build.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, libgcc-s1, libfmt9, libzstd1")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3 (>= 3.11), libfmt-dev, libzstd-dev")
# Debian's place for the licence.
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright COMPONENT tool)
include(CPack)
