#include "{{crate}}.h"

int {{crate}}_version(void)
{
    return 100; /* 0.1.0 */
}
