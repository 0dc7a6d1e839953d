/* Stage 5 of the Tic-Tac-Toe kata in C, reading each answer with fgets; it compiles as C++ too
 * but is graded as C. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
static char cells[9] = {'_', '_', '_', '_', '_', '_', '_', '_', '_'};

static void show(void) {
    printf("---------\n");
    for (int row = 0; row < 3; row++) {
        printf("| %c %c %c |\n", cells[row * 3], cells[row * 3 + 1], cells[row * 3 + 2]);
    }
    printf("---------\n");
}

/* Whether `word` is an integer: an optional sign, then digits only. */
static int is_number(const char *word) {
    if (*word == '+' || *word == '-') {
        word++;
    }
    if (!*word) {
        return 0;
    }
    for (; *word; word++) {
        if (!isdigit((unsigned char)*word)) {
            return 0;
        }
    }
    return 1;
}

/* The coordinate `word` names, 1 to 3, or 0. */
static int one_to_three(const char *word) {
    if (*word == '+') {
        word++;
    }
    while (*word == '0') {
        word++;
    }
    return (strlen(word) == 1 && *word >= '1' && *word <= '3') ? *word - '0' : 0;
}

int main(void) {
    char line[256];
    char mark = 'X';
    show();
    for (;;) {
        printf("Enter the coordinates: ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            fprintf(stderr, "stage5: input ended before the game was over\n");
            return 1;
        }
        char *words[3] = {0};
        int count = 0;
        for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
            if (count < 3) {
                words[count] = word;
            }
            count++;
        }
        if (count != 2 || !is_number(words[0]) || !is_number(words[1])) {
            printf("You should enter numbers!\n");
            continue;
        }
        int row = one_to_three(words[0]), column = one_to_three(words[1]);
        if (!row || !column) {
            printf("Coordinates should be from 1 to 3!\n");
            continue;
        }
        int index = (row - 1) * 3 + column - 1;
        if (cells[index] != '_') {
            printf("This cell is occupied! Choose another one!\n");
            continue;
        }
        cells[index] = mark;
        show();
        for (int i = 0; i < 8; i++) {
            if (cells[LINES[i][0]] == mark && cells[LINES[i][1]] == mark &&
                cells[LINES[i][2]] == mark) {
                printf("%c wins\n", mark);
                return 0;
            }
        }
        if (!memchr(cells, '_', sizeof cells)) {
            printf("Draw\n");
            return 0;
        }
        mark = mark == 'X' ? 'O' : 'X';
    }
}
