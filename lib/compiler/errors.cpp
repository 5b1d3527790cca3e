/* Crash safety and the one-time LLVM set-up.
 *
 * A compile runs inside llvm::CrashRecoveryContext: a crash (SIGSEGV, ...)
 * inside Clang or LLVM jumps back to run_safely, and LLVM's fatal errors
 * (report_fatal_error) go through our handler, which records the message for
 * the build log and makes the same jump back when a recovery context is
 * active.  The application gets
 * CL_BUILD_PROGRAM_FAILURE and a log instead of losing its process
 * (docs/architecture.md, "Diagnostics"). */
#include "compiler/internal.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <sys/mman.h>
#include <unistd.h>

#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>

namespace kiln {

/* The log of the compile running on this thread, for the fatal error
 * handler (which has no other way to reach it). */
static thread_local std::string *current_log;

static void fatal_error_handler(void *, const char *reason, bool)
{
	if (current_log) {
		*current_log += "error: internal compiler error: ";
		*current_log += reason;
		*current_log += "\n";
	}
	/* LLVM 15's report_fatal_error calls exit(1) when the handler
	 * returns, so jump back to the active CrashRecoveryContext here (the
	 * SPIR-V translator stops this way on modules it cannot read). */
	if (llvm::CrashRecoveryContext *crc = llvm::CrashRecoveryContext::GetCurrent())
		crc->HandleExit(1);
}

/* LLVM diagnostics (linker, bitcode reader, ...) go to the build log,
 * never to stderr. */
namespace {
struct log_handler : llvm::DiagnosticHandler {
	std::string *log;
	explicit log_handler(std::string *l) : log(l) {}
	/* KILN_DEBUG_REMARKS: also the optimisation remarks of the passes
	 * (the loop vectorizer says why a loop did not vectorize). */
	static bool remarks()
	{
		static const bool on = getenv("KILN_DEBUG_REMARKS") != nullptr;
		return on;
	}
	bool isAnalysisRemarkEnabled(llvm::StringRef) const override { return remarks(); }
	bool isMissedOptRemarkEnabled(llvm::StringRef) const override { return remarks(); }
	bool isPassedOptRemarkEnabled(llvm::StringRef) const override { return remarks(); }
	bool isAnyRemarkEnabled() const override { return remarks(); }
	bool handleDiagnostics(const llvm::DiagnosticInfo &di) override
	{
		/* Remarks and notes (instruction counts, ...) are noise in a
		 * build log; KILN_DEBUG_REMARKS=1 shows them on stderr. */
		if (di.getSeverity() == llvm::DS_Remark ||
		    di.getSeverity() == llvm::DS_Note) {
			if (remarks()) {
				llvm::DiagnosticPrinterRawOStream dp(llvm::errs());
				di.print(dp);
				llvm::errs() << "\n";
			}
			return true;
		}
		if (!log)
			return true;
		std::string s;
		llvm::raw_string_ostream os(s);
		llvm::DiagnosticPrinterRawOStream dp(os);
		di.print(dp);
		os.flush();
		const char *sev = di.getSeverity() == llvm::DS_Error ? "error"
				  : di.getSeverity() == llvm::DS_Warning ? "warning"
									  : "note";
		*log += std::string(sev) + ": " + s + "\n";
		return true;
	}
};
} // namespace

void log_diagnostics(llvm::LLVMContext &ctx, std::string &log)
{
	ctx.setDiagnosticHandler(std::make_unique<log_handler>(&log));
}

void drop_diagnostics(llvm::LLVMContext &ctx)
{
	ctx.setDiagnosticHandler(std::make_unique<log_handler>(nullptr));
}


void llvm_init()
{
	static std::once_flag once;
	std::call_once(once, [] {
		llvm::InitializeNativeTarget();
		llvm::InitializeNativeTargetAsmPrinter();
		llvm::InitializeNativeTargetAsmParser();
		llvm::install_fatal_error_handler(fatal_error_handler, nullptr);
		llvm::CrashRecoveryContext::Enable();
		tune_llvm_options();
	});
}

bool run_safely(std::string &log, const std::function<bool()> &fn)
{
	llvm_init();
	std::string *saved = current_log;
	current_log = &log;
	bool ok = false;
	llvm::CrashRecoveryContext crc;
	bool finished = crc.RunSafely([&] { ok = fn(); });
	current_log = saved;
	if (!finished) {
		log += "error: the compiler crashed; the build was abandoned\n";
		return false;
	}
	return ok;
}

/* File descriptor 2 is the process's: while it points elsewhere, every
 * thread's stderr output goes there.  The translator's reads take a few
 * milliseconds; whatever another thread writes to stderr in that window
 * lands in this build's log rather than being lost. */
bool run_safely_quiet(std::string &log, const std::function<bool()> &fn,
		      bool *crashed)
{
	static std::mutex one_at_a_time;
	std::lock_guard<std::mutex> lock(one_at_a_time);
	llvm_init();
	fflush(stderr);
	llvm::errs().flush();
	int saved = dup(2);
	int sink = memfd_create("kiln-compiler-stderr", MFD_CLOEXEC);
	bool redirected = saved >= 0 && sink >= 0 && dup2(sink, 2) == 2;
	bool finished = false;
	bool ok = run_safely(log, [&] {
		bool r = fn();
		finished = true;
		return r;
	});
	if (redirected) {
		fflush(stderr);
		llvm::errs().flush();
		dup2(saved, 2);
		std::string text;
		char buf[4096];
		ssize_t n;
		lseek(sink, 0, SEEK_SET);
		while (text.size() < 65536 && (n = read(sink, buf, sizeof(buf))) > 0)
			text.append(buf, (size_t)n);
		if (!text.empty()) {
			if (text.back() != '\n')
				text += '\n';
			log += "note: the compiler's own message: " + text;
		}
	}
	if (saved >= 0)
		close(saved);
	if (sink >= 0)
		close(sink);
	if (crashed)
		*crashed = !finished;
	return ok;
}

void give_log(const std::string &log, char **log_out)
{
	if (!log_out)
		return;
	char *s = static_cast<char *>(malloc(log.size() + 1));
	if (s) {
		memcpy(s, log.data(), log.size());
		s[log.size()] = '\0';
	}
	*log_out = s;
}

bool give_blob(const std::string &bytes, struct kiln_blob *out)
{
	out->data = malloc(bytes.size() ? bytes.size() : 1);
	if (!out->data) {
		out->size = 0;
		return false;
	}
	memcpy(out->data, bytes.data(), bytes.size());
	out->size = bytes.size();
	return true;
}

} // namespace kiln

extern "C" void kiln_blob_free(struct kiln_blob *b)
{
	if (!b)
		return;
	free(b->data);
	b->data = nullptr;
	b->size = 0;
}
