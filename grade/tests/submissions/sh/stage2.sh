#!/bin/sh
# Stage 2 of the Tic-Tac-Toe kata in POSIX shell: a `read` loop (a shell reads its input a byte
# at a time), then the grid.

while :; do
    printf 'Enter cells: '
    # The last line counts even without a final newline.
    if ! IFS= read -r line && [ -z "$line" ]; then
        echo 'stage2: input ended before the cells were entered' >&2
        exit 1
    fi
    # Without its surrounding white space, as the specification asks.
    cells=$(printf '%s\n' "$line" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
    case $cells in
        [XO_][XO_][XO_][XO_][XO_][XO_][XO_][XO_][XO_]) break ;;
    esac
    echo 'You should enter 9 symbols: X, O or _!'
done

echo '---------'
for row in 1 4 7; do
    echo "$cells" | cut -c"$row-$((row + 2))" | sed 's/\(.\)\(.\)\(.\)/| \1 \2 \3 |/'
done
echo '---------'
