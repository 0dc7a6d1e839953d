read -r name
echo "Hi, $name!"
