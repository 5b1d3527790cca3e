#define INC_FACTOR 3.0f
