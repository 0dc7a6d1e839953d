// A million calls deep, each frame holding a little: some tens of MiB of stack.
#include <cstdio>

static long n;
static long seen[1000001];

static long f(long i) {
    if (i == n) return 0;
    volatile char frame[32];
    frame[i % 32] = static_cast<char>(i);
    long below = f(i + 1);
    // Work after the call, so that it is no tail call a compiler could turn into a loop.
    seen[i] = (31 * below + i + frame[i % 32] - static_cast<char>(i)) % 1000003;
    return seen[i];
}

int main() {
    if (std::scanf("%ld", &n) != 1) return 1;
    std::printf("%ld\n", f(0));
    return 0;
}
