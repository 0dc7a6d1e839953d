#include <stdio.h>

/* Writes its guess without flushing: the guess stays in the buffer, the validator never sees
   it, and both wait for each other until the time runs out. */
int main(void) {
    char reply[16];
    printf("500\n");
    if (scanf("%15s", reply) != 1) return 1;
    return 0;
}
