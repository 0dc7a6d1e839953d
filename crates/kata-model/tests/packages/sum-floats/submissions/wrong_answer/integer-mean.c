#include <stdio.h>

/* Reads the numbers as integers, and divides as integers. */
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        double x;
        if (scanf("%lf", &x) != 1) return 1;
        sum += (long long)x;
    }
    printf("%lld\n", sum / n);
    return 0;
}
