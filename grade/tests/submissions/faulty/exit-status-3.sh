#!/bin/sh
# Stage 3 whose output is that of a correct stage 3 but which then writes `something went wrong` to stderr and exits 3: crashed (non-zero status).
python3 "$(dirname "$0")/../python/stage3.py"
echo 'something went wrong' >&2
exit 3
