import TodoCore
print("todo-bench: no benchmarks yet")
