# The Debian package (docs/install.md): `cmake --build <dir> --target package`
# writes <dir>/kiln-opencl-icd_<version>_<arch>.deb with CPack's DEB
# generator.  It holds everything the install rules put down
# (cmake/Install.cmake and any other install(), so tools installed later
# join it by themselves), installed into /usr, with the ICD file in
# /etc/OpenCL/vendors.  Named like Debian's other ICDs (pocl-opencl-icd,
# mesa-opencl-icd), it Provides opencl-icd, the virtual package that the
# ICD loader and OpenCL applications ask for.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/Install.cmake)

set(KILN_PACKAGE_MAINTAINER "Kiln developers <kiln-devel@invalid>" CACHE STRING
    "the Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kiln-opencl-icd)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR Kiln)
set(CPACK_PACKAGE_CONTACT "${KILN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Kiln: OpenCL 3.0 for CPUs (ICD)")
# Everything is installed into the staging root with DESTDIR, so that the
# absolute /etc/OpenCL/vendors lands inside the package, and into /usr.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The library of a RelWithDebInfo build is mostly debug information (80 MB
# against 33 MB stripped): the package carries stripped files.
set(CPACK_STRIP_FILES ON)

# <name>_<version>_<arch>.deb, the architecture from dpkg.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"Kiln: OpenCL 3.0 for CPUs (ICD)
Kiln is an OpenCL implementation for CPUs: it runs unmodified OpenCL
applications on all the cores of the machine, compiling OpenCL C, C++ for
OpenCL and SPIR-V kernels with LLVM 15.
.
This package contains the Kiln library and its ICD file; applications use
it through the OpenCL ICD loader (libOpenCL.so.1).")
# opencl-icd: what the loader and applications depend on; the versioned
# names say which OpenCL versions' entry points an ICD implements (Kiln's
# device is OpenCL 3.0, which keeps every 1.x entry point).
set(CPACK_DEBIAN_PACKAGE_PROVIDES "opencl-icd, opencl-icd-1.1-1, opencl-icd-1.2-1")

# Depends: the libraries libkiln.so (and any installed program) really
# links, with their versions, from dpkg-shlibdeps; plus the ICD loader
# (an ICD is of no use without one, as mesa-opencl-icd says too).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(kiln_depends "ocl-icd-libopencl1 | libopencl1")
# The compiler reads Clang's OpenCL headers (opencl-c-base.h) at run time
# from Clang's resource directory, whose path names the exact LLVM version
# (KILN_CLANG_RESOURCE_INCLUDE, lib/compiler/frontend.cpp): depend on the
# package that holds them, as dpkg knows it, at this upstream version (with
# its epoch), so that an update to another point release, which moves the
# directory, cannot leave Kiln without them.
find_program(KILN_DPKG_QUERY dpkg-query)
mark_as_advanced(KILN_DPKG_QUERY)
if(KILN_DPKG_QUERY)
  execute_process(COMMAND ${KILN_DPKG_QUERY} -S ${KILN_LLVM_ROOT}/lib/clang/${LLVM_PACKAGE_VERSION}/include/opencl-c-base.h
                  OUTPUT_VARIABLE kiln_owner OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE kiln_rc ERROR_QUIET)
  if(kiln_rc EQUAL 0 AND kiln_owner MATCHES "^([^:, ]+)")
    set(kiln_pkg ${CMAKE_MATCH_1})
    execute_process(COMMAND ${KILN_DPKG_QUERY} -W [=[-f=${Version}]=] ${kiln_pkg}
                    OUTPUT_VARIABLE kiln_version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    set(kiln_epoch "")
    if(kiln_version MATCHES "^([0-9]+:)")
      set(kiln_epoch ${CMAKE_MATCH_1})
    endif()
    math(EXPR kiln_next_patch "${LLVM_VERSION_PATCH} + 1")
    set(kiln_next ${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}.${kiln_next_patch})
    string(APPEND kiln_depends ", ${kiln_pkg} (>= ${kiln_epoch}${LLVM_PACKAGE_VERSION}~)"
                               ", ${kiln_pkg} (<< ${kiln_epoch}${kiln_next}~)")
  endif()
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${kiln_depends}")
# A shlibs file (Debian Policy §8.6) for packages that would link Kiln, and
# CPack's ldconfig trigger with it; /etc/OpenCL/vendors/kiln.icd is a
# conffile (Debian Policy §10.7.3): a local edit survives upgrades.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Manual pages gzipped in the package (cmake/deb-prebuild.cmake).
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/deb-prebuild.cmake)

# Only the package: no source package, no other generators.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
