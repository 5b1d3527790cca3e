# Runs at install time as the last install rule (cmake/Install.cmake):
# keeps the list of what this install put down (CMAKE_INSTALL_MANIFEST_FILES,
# paths without DESTDIR, as in install_manifest.txt), DESTDIR and the prefix
# for the `uninstall` target (cmake/uninstall.cmake).  CPack's staging
# installs (under _CPack_Packages) are not recorded: they would hide the
# user's last real install.
set(kiln_root "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
if(NOT kiln_root MATCHES "/_CPack_Packages/")
  string(REPLACE ";" "\n" kiln_files "${CMAKE_INSTALL_MANIFEST_FILES}")
  file(WRITE "${KILN_BINARY_DIR}/kiln_install_manifest.txt" "${kiln_files}\n")
  file(WRITE "${KILN_BINARY_DIR}/kiln_install_prefix.txt"
       "destdir=$ENV{DESTDIR}\nprefix=${CMAKE_INSTALL_PREFIX}\n")
endif()
