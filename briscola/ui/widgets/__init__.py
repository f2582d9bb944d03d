"""Drawing helpers shared by every scene: text, panels and buttons, and the keyboard-and-mouse form of the menus
with its text field."""
