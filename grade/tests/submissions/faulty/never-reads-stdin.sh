#!/bin/sh
# Stage 3 that never reads its input and always prints the answer for `XXXOO__O_`: a wrong answer (right for one fixture by luck).
printf 'Enter cells: '
printf '%s\n' '---------' '| X X X |' '| O O _ |' '| _ O _ |' '---------' 'X wins'
exit 0
