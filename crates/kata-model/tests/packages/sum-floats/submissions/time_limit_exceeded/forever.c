#include <stdio.h>

/* Sums the numbers over and over, never done. */
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    volatile double sum = 0;
    for (;;) {
        sum += n;
    }
    printf("%f\n", sum);
    return 0;
}
