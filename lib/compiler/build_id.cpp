/* The GNU build id of the shared object Kiln's compiler lives in: it
 * changes with every change to the code, so it is part of the compiler id
 * (kiln_compiler_id) that keys the on-disk cache and program binaries.
 * Without it a program cached by an older Kiln would keep running the
 * old compiler's output. */
#include "compiler/internal.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>

#include <cstdio>
#include <cstring>

namespace kiln {

namespace {
struct search {
	const void *addr; /* an address inside our object */
	std::string hex;
};
} // namespace

static int find_note(struct dl_phdr_info *info, size_t, void *data)
{
	auto *s = static_cast<search *>(data);
	bool ours = false;
	for (int i = 0; i < info->dlpi_phnum && !ours; i++) {
		const ElfW(Phdr) &ph = info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
		ours = ph.p_type == PT_LOAD && (uintptr_t)s->addr >= lo &&
		       (uintptr_t)s->addr < lo + ph.p_memsz;
	}
	if (!ours)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) &ph = info->dlpi_phdr[i];
		if (ph.p_type != PT_NOTE)
			continue;
		const char *p = (const char *)(info->dlpi_addr + ph.p_vaddr);
		const char *end = p + ph.p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			auto *n = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof(*n);
			const unsigned char *desc =
				(const unsigned char *)name + ((n->n_namesz + 3) & ~3u);
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    memcmp(name, "GNU", 4) == 0) {
				char h[3];
				for (unsigned k = 0; k < n->n_descsz; k++) {
					snprintf(h, sizeof(h), "%02x", desc[k]);
					s->hex += h;
				}
				return 1;
			}
			p = (const char *)desc + ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1;
}

std::string own_build_id()
{
	search s = {(const void *)&own_build_id, {}};
	dl_iterate_phdr(find_note, &s);
	return s.hex.empty() ? std::string("none") : s.hex;
}

} // namespace kiln
