import TodoCore
import CNcurses

// Entry point; the command line arrives with the foundation issue's CLI.
print("todo-tui: the interactive app is not built yet.")
