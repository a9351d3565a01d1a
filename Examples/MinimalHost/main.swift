print("minimal")
