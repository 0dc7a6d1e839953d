/* Stage 2 of the Tic-Tac-Toe kata in C: reads a cell string and prints its grid.
 *
 * Correct as it is. Run with `--no-flush` it leaves out the fflush before each read, the
 * classic bug: printf to a pipe is fully buffered, so nothing it prints is on screen while it
 * waits for input, and all of it comes out, right, when it exits. */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The most of a line kept: a line longer than a cell string is invalid however long it is. */
#define KEPT 16

static int flush_prompts = 1;

/* Reads the next line into `line` (at most KEPT characters kept, the rest counted), trimmed of
 * surrounding ASCII white space; returns its length, or -1 at end of input. */
static int read_answer(char line[KEPT + 1]) {
    int c, length = 0, content = 0, any = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        any = 1;
        if (length == 0 && isspace(c)) {
            continue;
        }
        if (length < KEPT) {
            line[length] = (char)c;
        }
        length++;
        if (!isspace(c)) {
            content = length;
        }
    }
    if (c == EOF && !any) {
        return -1;
    }
    if (content <= KEPT) {
        line[content] = '\0';
    }
    return content;
}

static int is_cell_string(const char *line, int length) {
    if (length != 9) {
        return 0;
    }
    for (int i = 0; i < 9; i++) {
        if (line[i] != 'X' && line[i] != 'O' && line[i] != '_') {
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    char line[KEPT + 1];
    if (argc > 1 && strcmp(argv[1], "--no-flush") == 0) {
        flush_prompts = 0;
    }
    for (;;) {
        printf("Enter cells: ");
        if (flush_prompts) {
            fflush(stdout);
        }
        int length = read_answer(line);
        if (length < 0) {
            fflush(stdout);
            fprintf(stderr, "stage2: input ended before the cells were entered\n");
            return 1;
        }
        if (is_cell_string(line, length)) {
            break;
        }
        printf("You should enter 9 symbols: X, O or _!\n");
    }
    printf("---------\n");
    for (int row = 0; row < 3; row++) {
        printf("| %c %c %c |\n", line[row * 3], line[row * 3 + 1], line[row * 3 + 2]);
    }
    printf("---------\n");
    return 0;
}
