select
    id as supply_id,
    sku as product_id,
    name as supply_name,
    cost,
    perishable
from {{ source('inventory', 'supplies') }}
