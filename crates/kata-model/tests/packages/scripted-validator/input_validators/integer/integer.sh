#!/bin/sh
# An input is one integer on one line.
read -r line || exit 43
case "$line" in
  -[0-9]* | [0-9]*) ;;
  *) echo "not an integer: $line"; exit 43 ;;
esac
[ "$(echo "$line" | tr -d '0-9-')" = "" ] || { echo "not an integer: $line"; exit 43; }
if read -r more; then echo "more than one line"; exit 43; fi
exit 42
