#!/bin/sh
# Stage 3 whose background child keeps stdout open for 1000 seconds while the script waits for it: timed out; the grader must kill the whole process group.
printf 'Enter cells: '
# The child inherits stdout, so stdout stays open even if only this shell is killed.
sleep 1000 &
wait
