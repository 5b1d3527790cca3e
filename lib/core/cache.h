/* The on-disk build cache (docs/architecture.md, "The compiler pipeline").
 *
 * Where: $KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln, else ~/.cache/kiln;
 * KILN_CACHE=0 turns it off.  What: one file per build, named by the hash of
 * every input of the build (the caller's key), holding that key and the
 * binary container (IR, native object, log); an entry whose stored key is
 * not the one looked up, that is not a regular file (opened without
 * blocking) or that does not validate is a miss.  Files are written to a
 * temporary name in the
 * same folder and renamed, so a concurrent reader sees a whole file or none;
 * an entry that does not validate is ignored; a folder that cannot be
 * written just means no caching.  KILN_DEBUG=cache (or build) logs hits
 * and misses on stderr. */
#ifndef KILN_CORE_CACHE_H
#define KILN_CORE_CACHE_H

#include "binary.h"

/* True when lookups and stores may happen at all. */
bool kiln_cache_enabled(void);

/* On a hit fills `out` with a validated container and returns true. */
bool kiln_cache_load(const struct kiln_hash *key, struct kiln_binary *out);

/* Stores `b` under `key`; failures are silent (the cache is an optimisation). */
void kiln_cache_store(const struct kiln_hash *key, const struct kiln_binary *b);

#endif
