#!/bin/sh
# Stage 3 that prints the prompt, writes `about to crash` to stderr and kills itself with SIGSEGV: crashed (signal SIGSEGV).
# No core file: the crash is simulated, there is nothing to debug.
ulimit -c 0 2>/dev/null
printf 'Enter cells: '
echo 'about to crash' >&2
kill -SEGV $$
