# PIC copies of the libraries for the Python module (a shared object): bitsolve_<lib>_pic, built
# only when the module needs them. Included from the top directory so that source-file
# properties set there (per-file flags) apply to the copies too. Sets BITSOLVE_PIC_LIBS.
# The tool and the installed libraries stay as they are (no -fPIC).
set(BITSOLVE_PIC_LIBS)
foreach(lib core ${BITSOLVE_FAMILIES})
  get_target_property(srcs bitsolve_${lib} SOURCES)
  get_target_property(deps bitsolve_${lib} LINK_LIBRARIES)
  list(TRANSFORM deps REPLACE "^bitsolve_core$" "bitsolve_core_pic")
  add_library(bitsolve_${lib}_pic STATIC EXCLUDE_FROM_ALL ${srcs})
  set_target_properties(bitsolve_${lib}_pic PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # Include directories, options and definitions as the original has them at generation time.
  target_include_directories(bitsolve_${lib}_pic PUBLIC $<TARGET_PROPERTY:bitsolve_${lib},INCLUDE_DIRECTORIES>)
  target_compile_options(bitsolve_${lib}_pic PRIVATE $<TARGET_PROPERTY:bitsolve_${lib},COMPILE_OPTIONS>)
  target_compile_definitions(bitsolve_${lib}_pic PRIVATE $<TARGET_PROPERTY:bitsolve_${lib},COMPILE_DEFINITIONS>)
  target_link_libraries(bitsolve_${lib}_pic PUBLIC ${deps})
  # Calls inside the library may still be inlined as in the non-PIC build.
  target_compile_options(bitsolve_${lib}_pic PRIVATE -fno-semantic-interposition)
  list(PREPEND BITSOLVE_PIC_LIBS bitsolve_${lib}_pic)  # families before core on the link line
endforeach()
add_dependencies(bitsolve_core_pic bitsolve_version_gen)
