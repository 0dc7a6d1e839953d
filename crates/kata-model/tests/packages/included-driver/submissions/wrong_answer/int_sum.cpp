// Sums in an int: the large case overflows.
#include "sum.h"

long long total(const std::vector<long long>& values) {
  int sum = 0;
  for (long long value : values) sum += static_cast<int>(value);
  return sum;
}
