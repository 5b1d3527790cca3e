/* KILN_PERF_MAP=1: the native code of every executable Kiln loads is named
 * in /tmp/perf-<pid>.map, the file Linux perf reads to put names on
 * samples in code that no file on disk holds (tools/perf's "perf map"
 * format: one "START SIZE name" line per function, START and SIZE in
 * hexadecimal).  `perf record` of an OpenCL application and `perf
 * report` then show __kiln_wg_<kernel> and its share of the time, and
 * `perf annotate` cannot (it needs the bytes), but the sample addresses
 * `perf script` prints, less START, are offsets into the function as
 * `kiln-cc -S` writes it (docs/environment.md).
 *
 * Named: the object's external functions (every work-group function,
 * narrow variants and fiber entries included); functions of internal
 * linkage have no address the JIT gives out and are rare once everything
 * is inlined.  The lines of an executable are appended in one write(2) to
 * a file opened with O_APPEND, so executables loaded by several threads
 * do not interleave.  An executable freed leaves its lines; perf takes the
 * last line that covers an address, and a later executable loaded at the
 * same place is written after it.  Failing to write the map changes
 * nothing else. */
#include "compiler/internal.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Object/ELFObjectFile.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace kiln {

static bool perf_map_wanted()
{
	static const bool on = [] {
		const char *e = getenv("KILN_PERF_MAP");
		return e && strcmp(e, "0") != 0 && *e;
	}();
	return on;
}

void write_perf_map(llvm::orc::LLJIT &jit, const llvm::object::ObjectFile &obj)
{
	if (!perf_map_wanted())
		return;
	auto *elf = llvm::dyn_cast<llvm::object::ELFObjectFileBase>(&obj);
	if (!elf)
		return;
	std::string lines;
	for (const llvm::object::ELFSymbolRef &s : elf->symbols()) {
		auto type = s.getType();
		auto name = s.getName();
		auto flags = s.getFlags();
		bool fn = type && *type == llvm::object::SymbolRef::ST_Function;
		bool external = flags && (*flags & llvm::object::SymbolRef::SF_Global) &&
				!(*flags & llvm::object::SymbolRef::SF_Undefined);
		if (!type)
			llvm::consumeError(type.takeError());
		if (!flags)
			llvm::consumeError(flags.takeError());
		if (!name) {
			llvm::consumeError(name.takeError());
			continue;
		}
		if (!fn || !external || !s.getSize())
			continue;
		auto at = jit.lookup(*name);
		if (!at) {
			llvm::consumeError(at.takeError());
			continue;
		}
		char line[64];
		snprintf(line, sizeof(line), "%" PRIx64 " %" PRIx64 " ", (uint64_t)at->getValue(),
			 (uint64_t)s.getSize());
		lines += line;
		lines += name->str();
		lines += '\n';
	}
	if (lines.empty())
		return;
	char path[64];
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	ssize_t done = write(fd, lines.data(), lines.size());
	(void)done; /* a hint for a profiler: nothing to do when it fails */
	close(fd);
}

} // namespace kiln
