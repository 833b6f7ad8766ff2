import TodoCore
print("todo-stress: not built yet")
