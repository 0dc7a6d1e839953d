// The driver, compiled with each C++ submission: reads the input, calls total, writes its answer.
#include <cstdio>
#include <vector>

#include "sum.h"

int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  std::vector<long long> values(n);
  for (long long& value : values) {
    if (std::scanf("%lld", &value) != 1) return 1;
  }
  std::printf("%lld\n", total(values));
  return 0;
}
