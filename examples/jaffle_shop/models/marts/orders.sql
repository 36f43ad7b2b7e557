select
    orders.order_id,
    orders.customer_id,
    orders.store_id,
    orders.order_date,
    orders.status,
    sum(payments.amount) as amount
from {{ ref('stg_shop__orders') }} as orders
left join {{ ref('stg_stripe__payments') }} as payments on payments.order_id = orders.order_id
group by 1, 2, 3, 4, 5
