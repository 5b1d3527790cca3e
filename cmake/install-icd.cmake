# Runs at install time (`cmake --install`, CPack), included by
# cmake_install.cmake after cmake/Install.cmake set KILN_ICD_SONAME,
# KILN_ICD_LIBDIR, KILN_INSTALL_ICD_DIR and KILN_BINARY_DIR.  Writes
# kiln.icd, one line naming the installed library by the full path of its
# soname link (the ICD loader dlopen()s exactly that line), and installs it
# where the loader looks: KILN_INSTALL_ICD_DIR if set, /etc/OpenCL/vendors
# for the prefixes /usr and /usr/local, <prefix>/etc/OpenCL/vendors for
# any other.
# file(INSTALL) puts DESTDIR (CPack's staging, or a user's) in front of the
# directory; the file names the library where it will finally be.
string(REGEX REPLACE "/+$" "" kiln_prefix "${CMAKE_INSTALL_PREFIX}")
if(IS_ABSOLUTE "${KILN_ICD_LIBDIR}")
  set(kiln_lib "${KILN_ICD_LIBDIR}/${KILN_ICD_SONAME}")
else()
  set(kiln_lib "${kiln_prefix}/${KILN_ICD_LIBDIR}/${KILN_ICD_SONAME}")
endif()
if(KILN_INSTALL_ICD_DIR)
  set(kiln_icd_dir "${KILN_INSTALL_ICD_DIR}")
elseif(kiln_prefix STREQUAL "/usr" OR kiln_prefix STREQUAL "/usr/local")
  set(kiln_icd_dir /etc/OpenCL/vendors)
else()
  set(kiln_icd_dir "${kiln_prefix}/etc/OpenCL/vendors")
endif()
file(WRITE "${KILN_BINARY_DIR}/install/kiln.icd" "${kiln_lib}\n")
file(INSTALL DESTINATION "${kiln_icd_dir}" TYPE FILE
     PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
     FILES "${KILN_BINARY_DIR}/install/kiln.icd")
