# What `cmake --install` (and the package, cmake/Packaging.cmake) puts on a
# machine, and the `uninstall` target that takes it away again
# (docs/install.md):
#   <libdir>/libkiln.so.<version> and the soname link libkiln.so.<soversion>
#   <icd dir>/kiln.icd, one line: the full path of the soname link
#   share/doc/kiln-opencl-icd/ copyright and changelog.Debian.gz
# plus whatever other install() rules add (tools/ adds its programs).
include_guard(GLOBAL)

# Debian's multiarch library directory (lib/x86_64-linux-gnu): GNUInstallDirs
# chooses it only when the prefix is /usr at configure time, but the package
# is installed into /usr whatever prefix the build tree was configured with,
# and /usr/local/lib/<multiarch> is on Debian's library path as well.  An
# explicit -DCMAKE_INSTALL_LIBDIR=<not "lib"> is kept.
find_program(KILN_DPKG_ARCHITECTURE dpkg-architecture)
mark_as_advanced(KILN_DPKG_ARCHITECTURE)
if(KILN_DPKG_ARCHITECTURE AND CMAKE_INSTALL_LIBDIR STREQUAL "lib")
  execute_process(COMMAND ${KILN_DPKG_ARCHITECTURE} -qDEB_HOST_MULTIARCH
                  OUTPUT_VARIABLE kiln_multiarch OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE kiln_rc ERROR_QUIET)
  if(kiln_rc EQUAL 0 AND kiln_multiarch)
    set(CMAKE_INSTALL_LIBDIR lib/${kiln_multiarch})
  endif()
endif()

# The library and its soname link.  No unversioned libkiln.so: applications
# link the ICD loader (libOpenCL.so), never Kiln, and Debian puts such links
# in -dev packages only (Debian Policy §8.4).
install(TARGETS kiln LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_SKIP)

# The ICD file is written at install time, when the prefix is known
# (`cmake --install --prefix` changes it after configuring), by
# cmake/install-icd.cmake.  Empty KILN_INSTALL_ICD_DIR: /etc/OpenCL/vendors
# (where the loader looks) for the prefixes /usr and /usr/local,
# <prefix>/etc/OpenCL/vendors for any other prefix (a private tree: point
# OCL_ICD_VENDORS at it).
set(KILN_INSTALL_ICD_DIR "" CACHE PATH
    "where kiln.icd is installed (empty: /etc/OpenCL/vendors for prefix /usr or /usr/local, else <prefix>/etc/OpenCL/vendors)")
install(CODE "set(KILN_ICD_SONAME \"$<TARGET_SONAME_FILE_NAME:kiln>\")
set(KILN_ICD_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
set(KILN_INSTALL_ICD_DIR \"${KILN_INSTALL_ICD_DIR}\")
set(KILN_BINARY_DIR \"${CMAKE_BINARY_DIR}\")")
install(SCRIPT ${CMAKE_CURRENT_LIST_DIR}/install-icd.cmake)

# The license and the Debian changelog, compressed as Debian Policy §12.7
# asks (gzip -9n: no name or time stamp, so the file is reproducible).
set(KILN_DOC_DIR ${CMAKE_INSTALL_DATAROOTDIR}/doc/kiln-opencl-icd)
set(KILN_CHANGELOG_GZ ${CMAKE_BINARY_DIR}/packaging/changelog.Debian.gz)
find_program(KILN_GZIP gzip REQUIRED)
mark_as_advanced(KILN_GZIP)
add_custom_command(OUTPUT ${KILN_CHANGELOG_GZ}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
  COMMAND ${KILN_GZIP} -9nc ${CMAKE_SOURCE_DIR}/packaging/changelog > ${KILN_CHANGELOG_GZ}
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/changelog
  COMMENT "packaging: changelog.Debian.gz")
add_custom_target(kiln_changelog ALL DEPENDS ${KILN_CHANGELOG_GZ})
install(FILES ${CMAKE_SOURCE_DIR}/packaging/copyright ${KILN_CHANGELOG_GZ}
        DESTINATION ${KILN_DOC_DIR})

# The changelog's newest entry must be this version (a new version needs a
# new entry, which dpkg and apt show to users).
file(STRINGS ${CMAKE_SOURCE_DIR}/packaging/changelog kiln_changelog_top LIMIT_COUNT 1)
set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_SOURCE_DIR}/packaging/changelog)
if(NOT kiln_changelog_top MATCHES "^kiln-opencl-icd \\(${PROJECT_VERSION}(-[^)]*)?\\) ")
  message(WARNING "packaging/changelog: the newest entry is not version "
                  "${PROJECT_VERSION}: add one (docs/install.md)")
endif()

# `cmake --build <dir> --target uninstall` removes every file and link the
# last install put down, then the directories it left empty inside its
# prefix (cmake/uninstall.cmake).  CMake's install_manifest.txt cannot say
# which install that was: CPack's staging install (the package target)
# rewrites it.  So the last rule below keeps Kiln's own copy of the list,
# with the prefix (and DESTDIR), from every install but CPack's.
install(SCRIPT ${CMAKE_CURRENT_LIST_DIR}/install-record.cmake)
add_custom_target(uninstall
  COMMAND ${CMAKE_COMMAND} -DKILN_MANIFEST=${CMAKE_BINARY_DIR}/kiln_install_manifest.txt
          -DKILN_PREFIX_FILE=${CMAKE_BINARY_DIR}/kiln_install_prefix.txt
          -P ${CMAKE_CURRENT_LIST_DIR}/uninstall.cmake
  COMMENT "Removing the files of the last install"
  VERBATIM)
