print("todo-report")
