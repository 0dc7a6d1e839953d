#!/usr/bin/env bash
# Stage 5 of the Tic-Tac-Toe kata in bash, reading each answer with read -r.
cells=(_ _ _ _ _ _ _ _ _)
mark=X
lines="012 345 678 036 147 258 048 246"

show() {
    printf -- '---------\n'
    for row in 0 3 6; do
        printf '| %s %s %s |\n' "${cells[row]}" "${cells[row + 1]}" "${cells[row + 2]}"
    done
    printf -- '---------\n'
}

show
while true; do
    printf 'Enter the coordinates: '
    if ! IFS= read -r line; then
        echo "stage5: input ended before the game was over" >&2
        exit 1
    fi
    read -r -a words <<< "$line"
    if [[ ${#words[@]} -ne 2 || ! ${words[0]} =~ ^[+-]?[0-9]+$ || ! ${words[1]} =~ ^[+-]?[0-9]+$ ]]; then
        echo "You should enter numbers!"
        continue
    fi
    if [[ ! ${words[0]} =~ ^\+?0*([1-3])$ ]]; then
        echo "Coordinates should be from 1 to 3!"
        continue
    fi
    row=${BASH_REMATCH[1]}
    if [[ ! ${words[1]} =~ ^\+?0*([1-3])$ ]]; then
        echo "Coordinates should be from 1 to 3!"
        continue
    fi
    column=${BASH_REMATCH[1]}
    index=$(( (row - 1) * 3 + column - 1 ))
    if [[ ${cells[index]} != _ ]]; then
        echo "This cell is occupied! Choose another one!"
        continue
    fi
    cells[index]=$mark
    show
    for line3 in $lines; do
        if [[ ${cells[${line3:0:1}]}${cells[${line3:1:1}]}${cells[${line3:2:1}]} == "$mark$mark$mark" ]]; then
            echo "$mark wins"
            exit 0
        fi
    done
    if [[ " ${cells[*]} " != *" _ "* ]]; then
        echo "Draw"
        exit 0
    fi
    if [[ $mark == X ]]; then mark=O; else mark=X; fi
done
