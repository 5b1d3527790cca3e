# Runs inside CPack (CPACK_PRE_BUILD_SCRIPTS, cmake/Packaging.cmake) on the
# staged files, before the .deb is made: manual pages are compressed with
# gzip -9n, as Debian Policy §12.1 asks (`man` reads them either way; a
# plain `cmake --install` keeps them as they are).
file(GLOB_RECURSE kiln_files LIST_DIRECTORIES false "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*")
foreach(page IN LISTS kiln_files)
  if(NOT page MATCHES "/share/man/man[^/]*/[^/]+$" OR page MATCHES "\\.gz$"
     OR IS_SYMLINK "${page}")
    continue()
  endif()
  execute_process(COMMAND gzip -9n "${page}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${page} failed")
  endif()
endforeach()
