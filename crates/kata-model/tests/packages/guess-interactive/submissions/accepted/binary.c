#include <stdio.h>
#include <string.h>

int main(void) {
    int low = 1, high = 1000;
    char reply[16];
    while (low <= high) {
        int guess = (low + high) / 2;
        printf("%d\n", guess);
        fflush(stdout);
        if (scanf("%15s", reply) != 1) return 1;
        if (strcmp(reply, "correct") == 0) return 0;
        if (strcmp(reply, "lower") == 0) high = guess - 1;
        else low = guess + 1;
    }
    return 1;
}
