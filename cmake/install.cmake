# Installation: `cmake --install build --prefix P` gives
#   P/include/bitsolve/...                    the public headers
#   P/lib/libbitsolve_<family>.a              the static libraries
#   P/bin/bitsolve                            the tool
#   P/lib/cmake/bitsolve/                     the CMake package (targets bitsolve::core, ::sliding,
#                                             ::rush, ::queens and the umbrella bitsolve::bitsolve)
#   P/lib/pkgconfig/bitsolve.pc               the same for pkg-config
# The project's own flags (bitsolve_options, bitsolve_warnings) are build-tree only; consumers
# get C++20, the include directory and the dependencies (fmt, Threads, zstd) found by the config.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(BITSOLVE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/bitsolve)

# The umbrella target: every family.
add_library(bitsolve_all INTERFACE)
set_target_properties(bitsolve_all PROPERTIES EXPORT_NAME bitsolve)
add_library(bitsolve::bitsolve ALIAS bitsolve_all)
set(bitsolve_installed bitsolve_core)
add_library(bitsolve::core ALIAS bitsolve_core)
set_target_properties(bitsolve_core PROPERTIES EXPORT_NAME core)
foreach(fam ${BITSOLVE_FAMILIES})
  set_target_properties(bitsolve_${fam} PROPERTIES EXPORT_NAME ${fam})
  add_library(bitsolve::${fam} ALIAS bitsolve_${fam})
  target_link_libraries(bitsolve_all INTERFACE bitsolve_${fam})
  list(APPEND bitsolve_installed bitsolve_${fam})
endforeach()
foreach(lib ${bitsolve_installed})
  target_include_directories(${lib} PUBLIC $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/bitsolve DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT dev)
install(TARGETS ${bitsolve_installed} bitsolve_all EXPORT bitsolveTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(TARGETS bitsolve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tool)
install(EXPORT bitsolveTargets NAMESPACE bitsolve:: DESTINATION ${BITSOLVE_CMAKE_DIR}
        COMPONENT dev)

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/bitsolveConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/bitsolveConfig.cmake
                              INSTALL_DESTINATION ${BITSOLVE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/bitsolveConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/bitsolveConfig.cmake ${CMAKE_BINARY_DIR}/bitsolveConfigVersion.cmake
        DESTINATION ${BITSOLVE_CMAKE_DIR} COMPONENT dev)

# pkg-config: libraries in link order (a family before core), then the dependencies.
set(BITSOLVE_PC_LIBS "")
foreach(fam ${BITSOLVE_FAMILIES})
  string(APPEND BITSOLVE_PC_LIBS " -lbitsolve_${fam}")
endforeach()
string(APPEND BITSOLVE_PC_LIBS " -lbitsolve_core")
# The prefix relative to the .pc file, so that `cmake --install --prefix P` needs no reconfigure.
file(RELATIVE_PATH BITSOLVE_PC_UP /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
configure_file(${CMAKE_SOURCE_DIR}/cmake/bitsolve.pc.in ${CMAKE_BINARY_DIR}/bitsolve.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/bitsolve.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT dev)
