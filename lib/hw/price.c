/* Prices of devices and systems: what a price is (ACCELSEL_PRICE_*) and
 * when it was given, read beside the figure price_usd; and whether a device
 * is sold at all (ACCELSEL_SALE_*). */
#include <math.h>
#include <string.h>

#include "core/isodate.h"
#include "hw/load.h"

static const char *const basis_names[] = {"none", "list", "estimate", "derived"};
static const char *const sale_names[] = {"sold", "systems-only", "rent-only"};

ACCELSEL_API const char *accelsel_price_basis_name(int32_t basis)
{
    return basis >= ACCELSEL_PRICE_NONE && basis <= ACCELSEL_PRICE_DERIVED ? basis_names[basis]
                                                                           : NULL;
}

ACCELSEL_API const char *accelsel_sale_name(int32_t sale)
{
    return sale >= ACCELSEL_SALE_SOLD && sale <= ACCELSEL_SALE_RENT_ONLY ? sale_names[sale] : NULL;
}

static int listed_derived(const accelsel_provenance *p)
{
    for (size_t i = 0; i < p->n_derived; i++)
        if (strcmp(p->derived[i], "price_usd") == 0)
            return 1;
    return 0;
}

static int read_basis(const asel_hw_loader *ld, const asel_yaml_node *node, int32_t *basis)
{
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, "price_basis", &s);
    for (int32_t b = ACCELSEL_PRICE_LIST; rc == 0 && b <= ACCELSEL_PRICE_DERIVED; b++)
        if (strcmp(s, basis_names[b]) == 0) {
            *basis = b;
            return 0;
        }
    return rc != 0 ? rc
                   : asel_yaml_fail(ld->doc, node, "unknown price_basis '%s' (known: list, "
                                    "estimate, derived)", s);
}

int asel_hw_read_price(const asel_hw_loader *ld, const asel_yaml_node *map, double price,
                       const accelsel_provenance *p, int32_t *basis, const char **date)
{
    const asel_yaml_node *b = asel_yaml_get(map, "price_basis"), *d = asel_yaml_get(map, "price_date");
    *basis = isnan(price) ? ACCELSEL_PRICE_NONE : ACCELSEL_PRICE_LIST;
    *date = NULL;
    if (isnan(price) && (b != NULL || d != NULL))
        return asel_yaml_fail(ld->doc, b != NULL ? b : d, "'%s' is given without 'price_usd'",
                              b != NULL ? "price_basis" : "price_date");
    int rc = b != NULL ? read_basis(ld, b, basis) : 0;
    if (rc == 0 && (*basis == ACCELSEL_PRICE_DERIVED) != listed_derived(p))
        rc = asel_yaml_fail(ld->doc, b != NULL ? b : map,
                            *basis == ACCELSEL_PRICE_DERIVED
                                ? "price_basis 'derived' needs price_usd listed under 'derived' "
                                  "(and how in 'notes')"
                                : "price_usd is listed under 'derived': give price_basis: derived");
    if (rc == 0 && d != NULL)
        rc = asel_hw_read_opt_string(ld, map, "price_date", date);
    if (rc == 0 && *date != NULL && !asel_iso_date(*date, ASEL_ISO_YEAR | ASEL_ISO_MONTH | ASEL_ISO_DAY))
        rc = asel_yaml_fail(ld->doc, d, "price_date '%s' is not an ISO 8601 date YYYY, YYYY-MM or "
                            "YYYY-MM-DD", *date);
    return rc;
}

void asel_hw_put_price(asel_buf *b, int32_t basis, const char *date)
{
    if (basis == ACCELSEL_PRICE_NONE)
        return;
    asel_hw_put_string(b, "price_basis", basis_names[basis]);
    asel_hw_put_string(b, "price_date", date);
}

int asel_hw_read_sale(const asel_hw_loader *ld, const asel_yaml_node *map, double price,
                      int32_t *sale)
{
    const asel_yaml_node *node = asel_yaml_get(map, "sale");
    *sale = ACCELSEL_SALE_SOLD;
    if (node == NULL)
        return 0;
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, "sale", &s);
    for (int32_t k = ACCELSEL_SALE_SOLD; rc == 0 && k <= ACCELSEL_SALE_RENT_ONLY; k++)
        if (strcmp(s, sale_names[k]) == 0) {
            *sale = k;
            return k == ACCELSEL_SALE_RENT_ONLY && !isnan(price)
                       ? asel_yaml_fail(ld->doc, node, "a rent-only device is not sold, so it has "
                                        "no purchase price: drop 'price_usd' or the sale")
                       : 0;
        }
    return rc != 0 ? rc
                   : asel_yaml_fail(ld->doc, node, "unknown sale '%s' (known: sold, systems-only, "
                                    "rent-only)", s);
}

void asel_hw_put_sale(asel_buf *b, int32_t sale)
{
    if (sale != ACCELSEL_SALE_SOLD)
        asel_hw_put_string(b, "sale", sale_names[sale]);
}
