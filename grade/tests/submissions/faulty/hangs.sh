#!/bin/sh
# Stage 3 that prints the prompt and then sleeps for 1000 seconds without reading: timed out.
printf 'Enter cells: '
sleep 1000
