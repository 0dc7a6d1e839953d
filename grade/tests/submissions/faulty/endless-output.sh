#!/bin/sh
# Stage 3 that writes output forever (`yes`) without reading its input: too much output.
yes
