#include <stdio.h>

#include "{{crate}}.h"

int main(void)
{
    if ({{crate}}_version() != 100) {
        printf("FAIL: {{crate}}_version() returned %d, expected 100\n", {{crate}}_version());
        return 1;
    }
    printf("PASS: {{crate}}_version\n");
    return 0;
}
