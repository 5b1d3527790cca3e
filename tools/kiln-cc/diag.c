/* Build logs as a command-line compiler prints them.  Kiln's front end
 * names the source "<source>" (lib/compiler/frontend.cpp); on the command
 * line the file has a name, which every diagnostic then carries, in
 * Clang's path:line:column: severity: message form that editors and CI
 * logs link to. */
#include "kiln_cc.h"

#include <stdio.h>
#include <string.h>

static const char source_name[] = "<source>";

void cc_print_log(const char *log, const char *path)
{
	if (!log)
		return;
	size_t n = strlen(source_name);
	for (const char *p = log; *p;) {
		const char *hit = strstr(p, source_name);
		if (!hit) {
			fputs(p, stderr);
			break;
		}
		fwrite(p, 1, (size_t)(hit - p), stderr);
		fputs(path, stderr);
		p = hit + n;
	}
	if (*log && log[strlen(log) - 1] != '\n')
		fputc('\n', stderr);
}
