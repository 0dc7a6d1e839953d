// The function a submission implements; the driver (grader.cpp) calls it.
#include <vector>

long long total(const std::vector<long long>& values);
