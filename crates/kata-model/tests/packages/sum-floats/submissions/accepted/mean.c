#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double x;
        if (scanf("%lf", &x) != 1) return 1;
        sum += x;
    }
    printf("%.9f\n", sum / n);
    return 0;
}
