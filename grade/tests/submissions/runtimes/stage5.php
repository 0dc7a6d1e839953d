<?php
// Stage 5 of the Tic-Tac-Toe kata in PHP, reading each answer with fgets(STDIN).
$lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
$cells = array_fill(0, 9, '_');
$mark = 'X';

function show(array $cells): void
{
    echo "---------\n";
    for ($row = 0; $row < 3; $row++) {
        echo '| ' . implode(' ', array_slice($cells, $row * 3, 3)) . " |\n";
    }
    echo "---------\n";
}

show($cells);
while (true) {
    echo 'Enter the coordinates: ';
    $line = fgets(STDIN);
    if ($line === false) {
        fwrite(STDERR, "stage5: input ended before the game was over\n");
        exit(1);
    }
    $words = preg_split('/\s+/', trim($line), -1, PREG_SPLIT_NO_EMPTY);
    if (count($words) != 2 || !preg_match('/^[+-]?[0-9]+$/D', $words[0]) || !preg_match('/^[+-]?[0-9]+$/D', $words[1])) {
        echo "You should enter numbers!\n";
        continue;
    }
    if (!preg_match('/^\+?0*([1-3])$/D', $words[0], $row) || !preg_match('/^\+?0*([1-3])$/D', $words[1], $column)) {
        echo "Coordinates should be from 1 to 3!\n";
        continue;
    }
    $index = ((int) $row[1] - 1) * 3 + (int) $column[1] - 1;
    if ($cells[$index] !== '_') {
        echo "This cell is occupied! Choose another one!\n";
        continue;
    }
    $cells[$index] = $mark;
    show($cells);
    foreach ($lines as $line3) {
        if ($cells[$line3[0]] === $mark && $cells[$line3[1]] === $mark && $cells[$line3[2]] === $mark) {
            echo "$mark wins\n";
            exit(0);
        }
    }
    if (!in_array('_', $cells, true)) {
        echo "Draw\n";
        exit(0);
    }
    $mark = $mark === 'X' ? 'O' : 'X';
}
